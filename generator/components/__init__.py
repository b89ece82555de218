"""Components: one module per kind of face. Each turns a content model into Faces.

A component never decides where on a sheet it goes: it draws one face in its
own box and hands it to the print layer as an Item.
"""

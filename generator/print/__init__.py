"""Print layer: puts component faces on pages, never redraws a face.

The build calls these; each returns an ImposedDocument (PDF bytes, page data
for the manifest, SVG cut files, what the print guide should say):

    impose_sheets(items, options, game_title=, component_name=, kind=, paper=, extra_steps=)   n-up sheets
    tile_face(item, options, game_title=, component_name=)              boards and mats
    dice_nets(dice, options, size_mm=, tab_mm=, game_title=, component_name=)
    dice_stickers(dice, options, sticker_mm=, game_title=, component_name=)
    calibration_page(options, game_title=)
    shop_export(items, options, game_title=, component_name=)
    print_guide(game_title, [(file name, doc.guide)...], options, credit=)
    build_manifest(game_id, game_title, [(file name, doc)...], options) and manifest.dumps
    manifest_of(game_id, game_title, [document_entry(file name, doc)...], options): the same from kept entries
"""

from ..lazy_names import on_first_use

# Each name and the module that holds it, imported on first use (PEP 562): a deck's build loads no dice nets,
# stickers or die art (issue 26: imports were a fifth of a deck's build).
_HOMES = {"calibration_page": "calibration", "dice_nets": "dicenet", "net_plan": "dicenet", "DieArt": "dieart",
          "GuideInfo": "document", "ImposedDocument": "document", "PageInfo": "document", "Placement": "document",
          "print_guide": "guide", "MANIFEST_SCHEMA": "manifest", "build_manifest": "manifest",
          "check_manifest": "manifest", "document_entry": "manifest", "dumps": "manifest", "manifest_of": "manifest",
          "PrintOptions": "options", "DoesNotFit": "sheet", "impose_sheets": "sheet", "plan_sheets": "sheet",
          "shop_export": "shop", "dice_stickers": "stickers", "sticker_size": "stickers", "plan_tiling": "tiling",
          "tile_face": "tiling"}
__getattr__ = on_first_use(__name__, _HOMES, globals())


__all__ = ["calibration_page", "DieArt", "dice_nets", "net_plan", "GuideInfo", "ImposedDocument", "PageInfo",
           "Placement", "print_guide", "MANIFEST_SCHEMA", "build_manifest", "check_manifest", "document_entry",
           "dumps", "manifest_of",
           "PrintOptions", "DoesNotFit", "impose_sheets", "plan_sheets", "shop_export", "dice_stickers",
           "sticker_size", "plan_tiling", "tile_face"]

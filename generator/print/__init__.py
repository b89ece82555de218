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

from .calibration import calibration_page
from .dicenet import dice_nets, net_plan
from .dieart import DieArt
from .document import GuideInfo, ImposedDocument, PageInfo, Placement
from .guide import print_guide
from .manifest import MANIFEST_SCHEMA, build_manifest, check_manifest, document_entry, dumps, manifest_of
from .options import PrintOptions
from .sheet import DoesNotFit, impose_sheets, plan_sheets
from .shop import shop_export
from .stickers import dice_stickers, sticker_size
from .tiling import plan_tiling, tile_face

__all__ = ["calibration_page", "DieArt", "dice_nets", "net_plan", "GuideInfo", "ImposedDocument", "PageInfo",
           "Placement", "print_guide", "MANIFEST_SCHEMA", "build_manifest", "check_manifest", "document_entry",
           "dumps", "manifest_of",
           "PrintOptions", "DoesNotFit", "impose_sheets", "plan_sheets", "shop_export", "dice_stickers",
           "sticker_size", "plan_tiling", "tile_face"]

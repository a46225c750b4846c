// The admin panel's own customisation (Strapi builds it into the admin). A slide's Layout list
// shows each stored code in words: the content manager names an enumeration's options by looking
// each value up as a message id, so giving the codes English messages renames the options an
// editor picks from, while the stored values the app reads ('sub_slide_buttons', ...) stay.
import SLIDE_LAYOUTS from './slide-layouts.json' with { type: 'json' };
import { PictureSizesPanel } from './picture-sizes.mjs';

export default {
  config: { translations: { en: { ...SLIDE_LAYOUTS } } },
  bootstrap(app) {
    // Pictures bigger than the app shows are named beside the form (picture-sizes.mjs).
    app.getPlugin('content-manager').apis.addEditViewSidePanel([PictureSizesPanel]);
  },
};

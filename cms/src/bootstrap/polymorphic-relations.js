'use strict';

/**
 * A polymorphic relation (Strapi's morph relations: a media file's `related`, which lists every
 * entry that uses the file) can lead to any type, so no rule keyed on the type it reaches holds
 * there: the subscriber-only fields of a unit, and its draft rows, came back to a visitor through
 * `populate[…][file][populate]=related`. The app never reads one, so none is readable through the
 * content API: each is private, which Strapi's REST validation refuses to populate, its
 * sanitization leaves out of every answer (also under `populate=*`), and the GraphQL plugin leaves
 * out of the schema. The CMS's own code still reads them through the Query Engine.
 */
function hidePolymorphicRelations(strapi) {
  for (const model of contentApiModels(strapi)) {
    for (const attribute of Object.values(model.attributes ?? {})) {
      if (attribute.type !== 'relation' || !String(attribute.relation).startsWith('morph'))
        continue;
      attribute.private = true;
    }
  }
}

const UPLOAD_FILE = 'plugin::upload.file';

/**
 * The models the content API can answer: the project's own types and components, and the types
 * they lead to (a media field's file, a relation's target). The admin panel's own models are left
 * as they are.
 */
function contentApiModels(strapi) {
  const own = [
    ...Object.values(strapi.contentTypes).filter((model) => model.uid.startsWith('api::')),
    ...Object.values(strapi.components),
  ];
  const reached = new Set();
  for (const model of own) {
    for (const attribute of Object.values(model.attributes ?? {})) {
      if (attribute.type === 'media') reached.add(UPLOAD_FILE);
      if (attribute.type === 'relation' && attribute.target) reached.add(attribute.target);
    }
  }
  const others = [...reached]
    .filter((uid) => !uid.startsWith('api::'))
    .map((uid) => strapi.contentTypes[uid])
    .filter(Boolean);
  return [...own, ...others];
}

module.exports = { hidePolymorphicRelations };

'use strict';

const { contentTypes: contentTypesUtils } = require('@strapi/utils');
const { markdownToHtml } = require('../utils/markdown-html');

/**
 * Every rich-text (Markdown) attribute of every content type and component, resolved in GraphQL
 * as the HTML the app shows (so the app's first load does not carry marked). Found from the schemas
 * at boot, so a rich-text field added later is covered too. Only GraphQL answers change: REST and
 * the admin panel keep the Markdown an editor edits.
 *
 * Resolvers may only name types and fields the schema has (graphql-tools refuses the rest), so a
 * disabled type, a private attribute or a field hidden from output is left out.
 */
function richTextResolvers(strapi) {
  const extension = strapi.plugin('graphql').service('extension');
  return ({ typeRegistry }) => {
    const { naming } = strapi.plugin('graphql').service('utils');
    const resolvers = {};
    for (const schema of [
      ...Object.values(strapi.contentTypes),
      ...Object.values(strapi.components),
    ]) {
      const typeName =
        schema.modelType === 'component'
          ? naming.getComponentName(schema)
          : naming.getTypeName(schema);
      if (!typeRegistry.has(typeName) || extension.shadowCRUD(schema.uid).isDisabled()) continue;
      const fields = Object.entries(schema.attributes)
        .filter(
          ([name, attribute]) =>
            attribute.type === 'richtext' && !contentTypesUtils.isPrivateAttribute(schema, name),
        )
        .filter(([name]) => extension.shadowCRUD(schema.uid).field(name).hasOutputEnabled())
        .map(([name]) => name);
      if (fields.length === 0) continue;
      resolvers[typeName] = Object.fromEntries(
        fields.map((name) => [name, (parent) => markdownToHtml(parent[name])]),
      );
    }
    return { resolvers };
  };
}

module.exports = { richTextResolvers };

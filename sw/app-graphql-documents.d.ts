/** The hashes of every GraphQL document the app sends (scripts/app-graphql-documents.mjs). */
declare module 'virtual:app-graphql-documents' {
  const hashes: readonly string[];
  export default hashes;
}

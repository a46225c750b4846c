/**
 * A count and its noun, as a person writes them: "1 slide", "2 slides", "0 slides". Every sentence
 * the app builds around a number says it through here, so none reads "1 more strands".
 */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

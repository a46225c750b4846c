/**
 * Unwraps Strapi's v4-style response envelopes wherever they appear, so features read one shape.
 *
 * Strapi 4 (and Strapi 5 in v4-compatibility mode) wraps every entity as
 * `{ data: { id, attributes: {...} } }` and every list as `{ data: [...], meta }`; Strapi 5's
 * default answers are already flat. `flatten` turns both into plain objects:
 * `{ data: { id: 1, attributes: { title } } }` becomes `{ id: 1, title }`.
 *
 * An object is an envelope only when `data` is its sole key (besides `meta`), so a JSON field
 * that happens to contain a `data` key next to other keys is left alone.
 */
export type Flattened<T> = T extends readonly (infer Item)[]
  ? Flattened<Item>[]
  : T extends { data: infer Inner }
    ? Flattened<Inner>
    : T extends { attributes: infer Attributes }
      ? Omit<T, 'attributes'> & Flattened<Attributes>
      : T extends object
        ? { [Key in keyof T]: Flattened<T[Key]> }
        : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isEnvelope(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.includes('data') && keys.every((key) => key === 'data' || key === 'meta');
}

export function flatten<T>(value: T): Flattened<T> {
  return flattenValue(value) as Flattened<T>;
}

function flattenValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(flattenValue);
  if (!isPlainObject(value)) return value;
  if (isEnvelope(value)) return flattenValue(value.data);

  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'attributes' && isPlainObject(inner)) {
      Object.assign(result, flattenValue(inner));
    } else {
      result[key] = flattenValue(inner);
    }
  }
  return result;
}

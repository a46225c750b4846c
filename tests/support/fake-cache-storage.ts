/**
 * A Cache Storage stand-in for jsdom (which has none): one map per cache name, keyed by URL.
 * `failPutFor` makes storing that URL throw a QuotaExceededError, as a full disk does (the returned
 * `options` can be changed afterwards, to fill the disk part-way through a test).
 */
export function fakeCaches(options: { failPutFor?: string } = {}) {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (url: string | Request) =>
        store.get(typeof url === 'string' ? url : url.url)?.clone(),
      // As Cache Storage does, the whole body is read before put resolves (a streamed body's
      // failure fails the put, and nothing is stored).
      put: async (url: string, response: Response) => {
        const body = await response.arrayBuffer();
        if (url === options.failPutFor) throw new DOMException('full', 'QuotaExceededError');
        store.set(url, new Response(body, response));
      },
      delete: async (url: string | Request) =>
        store.delete(typeof url === 'string' ? url : url.url),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
    };
  };
  const remove = async (name: string) => stores.delete(name);
  const has = async (name: string) => stores.has(name);
  return { open, delete: remove, has, stores, options };
}

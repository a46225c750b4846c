import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

type PageModule = Record<string, unknown>;
/** A lazily loaded page: the module's named export becomes the route's Component. */
export function page<M extends PageModule>(
  load: () => Promise<M>,
  name: keyof M & string,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

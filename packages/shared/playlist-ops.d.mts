// Types for playlist-ops.mjs (shared by the CMS and the app; see that file).
export interface PlaylistItem {
  key: string;
  kind: string;
  itemId: string;
  title: string;
  contextPath: string;
}
export interface PlaylistState {
  title: string;
  audienceId: string | null;
  items: PlaylistItem[];
}
export type PlaylistOperation =
  | { id: string; type: 'create'; title: string; audienceId: string | null; items?: PlaylistItem[] }
  | { id: string; type: 'rename'; title: string }
  | { id: string; type: 'setAudience'; audienceId: string | null }
  | { id: string; type: 'addItem'; item: PlaylistItem; after: string | null }
  | { id: string; type: 'removeItem'; key: string }
  | { id: string; type: 'moveItem'; key: string; after: string | null }
  | {
      id: string;
      type: 'replaceState';
      title: string;
      audienceId: string | null;
      items: PlaylistItem[];
    }
  | { id: string; type: 'delete' };
export type OperationEffect = 'applied' | 'unchanged' | 'dropped';
export const OPERATION_TYPES: readonly PlaylistOperation['type'][];
export function applyOperation(
  state: PlaylistState | null,
  op: PlaylistOperation,
): { state: PlaylistState | null; effect: OperationEffect };
export function applyOperations(
  state: PlaylistState | null,
  ops: PlaylistOperation[],
): { state: PlaylistState | null; effects: OperationEffect[] };
export function operationProblem(op: unknown): string | null;

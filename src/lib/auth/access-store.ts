import { create } from 'zustand';

/**
 * Which auth dialog is open, and the page a visitor was heading for when the access gate
 * stopped them (spec part 1, section 4: the target path is remembered through login).
 */
interface AccessState {
  loginPanelOpen: boolean;
  subscribeModalOpen: boolean;
  targetPath: string | null;
  openLoginPanel: (targetPath?: string | null) => void;
  closeLoginPanel: () => void;
  openSubscribeModal: () => void;
  closeSubscribeModal: () => void;
  takeTargetPath: () => string | null;
}

export const useAccessStore = create<AccessState>()((set, get) => ({
  loginPanelOpen: false,
  subscribeModalOpen: false,
  targetPath: null,
  openLoginPanel: (targetPath = null) =>
    set({ loginPanelOpen: true, subscribeModalOpen: false, targetPath }),
  closeLoginPanel: () => set({ loginPanelOpen: false }),
  openSubscribeModal: () => set({ subscribeModalOpen: true, loginPanelOpen: false }),
  closeSubscribeModal: () => set({ subscribeModalOpen: false }),
  takeTargetPath: () => {
    const target = get().targetPath;
    set({ targetPath: null });
    return target;
  },
}));

/**
 * Whether the page a visitor was heading for needs an active subscription: units and custom
 * units only (spec part 1, section 4: the access gate). Playlists, 'Add to playlist' and the
 * libraries are open to every signed-in teacher, trial users included.
 */
export function targetNeedsSubscription(path: string): boolean {
  const segments = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  // 'custom-unit' on its own is the programme's 'Your units of work' list, the custom-unit link
  // the programme page shows to everyone (spec part 2, access gate).
  return segments.some(
    (segment, index) =>
      segment === 'custom-unit' || (segment === 'unit' && index < segments.length - 1),
  );
}

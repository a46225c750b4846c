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
  openLoginPanel: (targetPath = null) => set({ loginPanelOpen: true, subscribeModalOpen: false, targetPath }),
  closeLoginPanel: () => set({ loginPanelOpen: false }),
  openSubscribeModal: () => set({ subscribeModalOpen: true, loginPanelOpen: false }),
  closeSubscribeModal: () => set({ subscribeModalOpen: false }),
  takeTargetPath: () => {
    const target = get().targetPath;
    set({ targetPath: null });
    return target;
  },
}));

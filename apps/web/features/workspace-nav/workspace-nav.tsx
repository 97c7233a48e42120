'use client';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Dataset } from '@sprout/core/contract';
import { previewStoreFor } from '@/features/preview';
import { selectionFor } from '@/features/visual-edit';

export type MainTab = 'preview' | 'code' | 'history' | 'data' | 'functions' | 'analytics';
/** On phones one side shows at a time: the chat or the app (its tabs). */
export type MobileView = 'chat' | 'main';

export interface WorkspaceNav {
  sproutId: string;
  tab: MainTab;
  setTab: (tab: MainTab) => void;
  mobileView: MobileView;
  setMobileView: (view: MobileView) => void;
  /** Shows the app's preview (on phones: switches from the chat to the app). */
  showApp: () => void;
  /** Opens `path` in the Code tab (a file card in the chat), at `line` when given (an element picked in the preview). */
  openFile: (path: string, line?: number) => void;
  /** The file the Code tab was asked to open, once per request (`nonce`). */
  fileRequest: { path: string; line?: number; nonce: number } | null;
  /** Opens the Functions tab's secrets of `dataset` (test unless said) with `name` ready to fill in (a reply that needs a secret, a publish that lacks a live one). */
  addSecret: (name: string, dataset?: Dataset) => void;
  /** The secret the Functions tab was asked to add, once per request (`nonce`). */
  secretRequest: { name: string; dataset: Dataset; nonce: number } | null;
  /** A new version arrived while the person looked at the chat on a phone: the App tab shows a dot until they look. */
  appUnseen: boolean;
}

const Context = createContext<WorkspaceNav | null>(null);

/** The project page's navigation, shared by the header's tabs, the chat's file cards and finish card, and the panels. */
export function WorkspaceNavProvider({ sproutId, children }: { sproutId: string; children: ReactNode }) {
  const [tab, setTab] = useState<MainTab>('preview');
  const [mobileView, setView] = useState<MobileView>('chat');
  const [fileRequest, setFileRequest] = useState<WorkspaceNav['fileRequest']>(null);
  const [secretRequest, setSecretRequest] = useState<WorkspaceNav['secretRequest']>(null);
  const [appUnseen, setAppUnseen] = useState(false);
  const view = useRef(mobileView);

  const setMobileView = useCallback((next: MobileView) => {
    view.current = next;
    setView(next);
    if (next === 'main') setAppUnseen(false);
  }, []);

  // A new version while the chat is what a phone shows: the App tab says so.
  useEffect(
    () =>
      previewStoreFor(sproutId).onVersion(() => {
        if (view.current === 'chat' && window.matchMedia('(max-width: 767px)').matches) setAppUnseen(true);
      }),
    [sproutId],
  );

  const showApp = useCallback(() => {
    setTab('preview');
    setMobileView('main');
  }, [setMobileView]);

  const nonce = useRef(0);
  const openFile = useCallback(
    (path: string, line?: number) => {
      nonce.current += 1;
      setFileRequest({ path, line, nonce: nonce.current });
      setTab('code');
      setMobileView('main');
    },
    [setMobileView],
  );

  // "Open in code" in the element edit panel.
  useEffect(() => selectionFor(sproutId).onCodeRequest((r) => openFile(r.path, r.line)), [sproutId, openFile]);

  const addSecret = useCallback(
    (name: string, dataset: Dataset = 'test') => {
      nonce.current += 1;
      setSecretRequest({ name, dataset, nonce: nonce.current });
      setTab('functions');
      setMobileView('main');
    },
    [setMobileView],
  );

  const value = useMemo(
    () => ({ sproutId, tab, setTab, mobileView, setMobileView, showApp, openFile, fileRequest, addSecret, secretRequest, appUnseen }),
    [sproutId, tab, mobileView, setMobileView, showApp, openFile, fileRequest, addSecret, secretRequest, appUnseen],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The workspace's navigation, or null outside a project page (a shared link's view). */
export function useWorkspaceNav(): WorkspaceNav | null {
  return useContext(Context);
}

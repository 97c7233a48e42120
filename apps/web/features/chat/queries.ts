'use client';
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/api/auth';
import { useApi, useCalls } from '@/lib/api/services';
import { chatCalls, uploadedImageUrl, uploadImage } from './api';

/** The chat's stored messages: what the page shows once a run's reply is stored. */
export const chatKeys = {
  messages: (sproutId: string) => ['chat-messages', sproutId] as const,
};

export const useChatCalls = () => useCalls(chatCalls);

export function useChatMessages(sproutId: string) {
  const calls = useChatCalls();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: chatKeys.messages(sproutId), queryFn: () => calls.messages(sproutId), enabled: signedIn });
}

/** Uploads an image for a message; resolves to the attachment the message refers to. */
export function useUploadImage(sproutId: string) {
  const api = useApi();
  return useCallback((file: Blob) => uploadImage(api, sproutId, file), [api, sproutId]);
}

// Each stored image is fetched once per page, however many messages show it.
const thumbs = new Map<string, Promise<string | null>>();

function thumbUrl(uploadId: string, load: () => Promise<string | null>): Promise<string | null> {
  let p = thumbs.get(uploadId);
  if (!p) {
    p = load();
    thumbs.set(uploadId, p);
  }
  return p;
}

/**
 * An image attached to a message, as an address an <img> can show: the local copy while there is
 * one, else the stored upload (fetched with the token). Undefined while loading, null when it cannot be shown.
 */
export function useUploadedImage(attachment: { uploadId: string; previewUrl?: string }): string | null | undefined {
  const api = useApi();
  const [url, setUrl] = useState<string | null | undefined>(attachment.previewUrl);
  useEffect(() => {
    if (attachment.previewUrl) return setUrl(attachment.previewUrl);
    let live = true;
    void thumbUrl(attachment.uploadId, () => uploadedImageUrl(api, attachment.uploadId)).then((u) => {
      if (live) setUrl(u);
    });
    return () => {
      live = false;
    };
  }, [attachment.uploadId, attachment.previewUrl, api]);
  return url;
}

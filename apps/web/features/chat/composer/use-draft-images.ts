'use client';
import { useState } from 'react';
import { MAX_ATTACHMENTS, MAX_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES } from '@sprout/core';
import { toast } from '@/lib/browser/toast';
import { useUploadImage } from '../queries';
import { errorText } from '@/lib/api/error-text';
import type { DraftImage } from './attachments';
import type { ChatAttachment } from '../session/chat-state';

let imageCounter = 0;

/**
 * The images of the message being written (enableImageUploads): each checked (type, size, at most
 * MAX_ATTACHMENTS) and uploaded as soon as it is added, so sending waits only for what is left.
 */
export function useDraftImages(sproutId: string, enabled: boolean) {
  const [images, setImages] = useState<DraftImage[]>([]);
  const upload = useUploadImage(sproutId);

  function add(files: File[]) {
    if (!enabled) return;
    const room = MAX_ATTACHMENTS - images.length;
    if (files.length > room) toast.error(`You can attach up to ${MAX_ATTACHMENTS} images to a message.`);
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
        toast.error(`${file.name || 'That file'} is not a PNG, JPEG, WebP or GIF image.`);
        continue;
      }
      if (file.size > MAX_UPLOAD_BYTES) {
        toast.error(`${file.name || 'That image'} is larger than 5 MB.`);
        continue;
      }
      imageCounter += 1;
      const key = `img-${imageCounter}`;
      const previewUrl = URL.createObjectURL(file);
      setImages((list) => [...list, { key, name: file.name || 'Pasted image', previewUrl, status: 'uploading' }]);
      upload(file).then(
        (a) => setImages((list) => list.map((i) => (i.key === key ? { ...i, status: 'ready', attachment: { ...a, previewUrl } } : i))),
        (err: unknown) => {
          const message = errorText(err);
          toast.error(`${file.name || 'The image'} was not uploaded: ${message}`);
          setImages((list) => list.map((i) => (i.key === key ? { ...i, status: 'error', error: message } : i)));
        },
      );
    }
  }

  function remove(key: string) {
    setImages((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone && gone.status !== 'ready' && gone.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((i) => i.key !== key);
    });
  }

  /** A message that was not sent comes back with its images. */
  function restore(attachments: ChatAttachment[]) {
    setImages(attachments.map((a) => ({ key: `r-${a.uploadId}`, name: 'Image', previewUrl: a.previewUrl ?? '', status: 'ready', attachment: a })));
  }

  return {
    images,
    add,
    remove,
    restore,
    clear: () => setImages([]),
    full: images.length >= MAX_ATTACHMENTS,
    uploading: images.some((i) => i.status === 'uploading'),
    failed: images.some((i) => i.status === 'error'),
    attachments: () => images.flatMap((i) => (i.attachment ? [i.attachment] : [])),
  };
}

export type DraftImagesState = ReturnType<typeof useDraftImages>;

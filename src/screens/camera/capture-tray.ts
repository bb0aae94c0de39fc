// The photos taken on /image-capture until they are sent from /images-captured: page memory
// only, like the files of the chat's own preview (src/screens/chat/media-preview.tsx). They are
// moments of a camera session; what the user sends is kept on the device by sendAttachment.
import { useSyncExternalStore } from 'react';
import { MAX_FILES_PER_UPLOAD } from '../../domain/constants';

interface Tray {
  bot: string;
  files: readonly File[];
}

let tray: Tray = { bot: '', files: [] };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Adds a photo for a bot (a tray of another bot starts over); false when the tray is full. */
export function addCaptured(bot: string, file: File): boolean {
  const files = tray.bot === bot ? tray.files : [];
  if (files.length >= MAX_FILES_PER_UPLOAD) return false;
  tray = { bot, files: [...files, file] };
  emit();
  return true;
}

/** How many photos the tray holds for this bot now (not as of the last render: two quick taps). */
export function capturedCount(bot: string): number {
  return tray.bot === bot ? tray.files.length : 0;
}

export function removeCaptured(index: number): void {
  tray = { ...tray, files: tray.files.filter((_, i) => i !== index) };
  emit();
}

export function clearCaptured(): void {
  tray = { bot: '', files: [] };
  emit();
}

/** The photos taken for this bot. */
export function useCaptured(bot: string): readonly File[] {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => tray,
  );
  return current.bot === bot ? current.files : [];
}

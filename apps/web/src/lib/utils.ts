import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its table of classes on its first call, tens of milliseconds on a slow phone's
 * CPU. The app's start calls this in a task of its own, so the first render that merges classes does
 * not carry that work.
 */
export function prepareClassMerging() {
  twMerge('p-0');
}

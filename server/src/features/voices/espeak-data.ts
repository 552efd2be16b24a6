/** Where Debian keeps espeak-ng's data, per architecture (the offline engine and the neural test models use it). */
export const ESPEAK_DATA_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/espeak-ng-data',
  '/usr/lib/aarch64-linux-gnu/espeak-ng-data',
  '/usr/share/espeak-ng-data',
];

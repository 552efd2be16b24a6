import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Trim } from './takes';

/** A recorded take, kept in this browser only (IndexedDB); nothing is uploaded. */
export interface Take {
  id: string;
  scriptId: string;
  role: string;
  /** 1, 2, 3… per script and role, never reused while a later take exists. */
  number: number;
  createdAt: number;
  /** Measured while recording: a recorded WebM carries no duration of its own. */
  durationMs: number;
  mimeType: string;
  blob: Blob;
  chosen: boolean;
  trim: Trim | null;
}

interface TakesDb extends DBSchema {
  takes: { key: string; value: Take; indexes: { 'by-script': string } };
}

let opened: Promise<IDBPDatabase<TakesDb>> | null = null;

function db(): Promise<IDBPDatabase<TakesDb>> {
  opened ??= openDB<TakesDb>('doublecast-self-tapes', 1, {
    upgrade(d) {
      d.createObjectStore('takes', { keyPath: 'id' }).createIndex('by-script', 'scriptId');
    },
  });
  opened.catch(() => (opened = null));
  return opened;
}

/** A script's takes for a role, take 1 first. */
export async function listTakes(scriptId: string, role: string): Promise<Take[]> {
  const all = await (await db()).getAllFromIndex('takes', 'by-script', scriptId);
  return all.filter((t) => t.role === role).sort((a, b) => a.number - b.number);
}

/** Keeps a new take as the next number, in one transaction (two tabs cannot share a number). */
export async function addTake(
  take: Omit<Take, 'id' | 'number' | 'chosen' | 'trim'>,
): Promise<Take> {
  const tx = (await db()).transaction('takes', 'readwrite');
  const mine = (await tx.store.index('by-script').getAll(take.scriptId)).filter(
    (t) => t.role === take.role,
  );
  const number = Math.max(0, ...mine.map((t) => t.number)) + 1;
  const saved: Take = { ...take, id: crypto.randomUUID(), number, chosen: false, trim: null };
  await tx.store.add(saved);
  await tx.done;
  return saved;
}

/** Marks one take as the chosen one of its script and role (and no other). */
export async function chooseTake(take: Take, chosen: boolean): Promise<void> {
  const tx = (await db()).transaction('takes', 'readwrite');
  const mine = (await tx.store.index('by-script').getAll(take.scriptId)).filter(
    (t) => t.role === take.role,
  );
  for (const t of mine) {
    const next = t.id === take.id ? chosen : chosen ? false : t.chosen;
    if (next !== t.chosen) await tx.store.put({ ...t, chosen: next });
  }
  await tx.done;
}

export async function setTrim(id: string, trim: Trim | null): Promise<void> {
  const tx = (await db()).transaction('takes', 'readwrite');
  const take = await tx.store.get(id);
  if (take) await tx.store.put({ ...take, trim });
  await tx.done;
}

export async function deleteTake(id: string): Promise<void> {
  await (await db()).delete('takes', id);
}

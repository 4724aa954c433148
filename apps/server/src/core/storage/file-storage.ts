import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (signatures, avatars). Only the key is kept in the database, so an object
 * store can replace the local disk by implementing this interface; servers stay stateless when every
 * process sees the same storage (a shared volume or an object store).
 */
export interface FileStorage {
  /** Stores bytes under a new key (tenant and purpose in the key's first segments) and answers the key. */
  put(prefix: string, bytes: Uint8Array): Promise<string>;
  /** The bytes of a key, or null if absent. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a key; absent keys are ignored. */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** Files on local disk under `root` (by default DATA_DIR/files). Keys never contain `..`. */
export function createLocalFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(prefix, bytes) {
      const key = `${prefix}/${randomUUID()}`;
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = `${file}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
      return key;
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

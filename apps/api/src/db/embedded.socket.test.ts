import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterEach, describe, expect, test } from 'vitest';
import { makeSocketFolder, startEmbeddedDatabase, touchSocketFolder } from './embedded.js';

/**
 * The API talks to its embedded ferretdb over a Unix socket, in a folder of its own in the
 * system's temporary folder. A socket's path is at most 103 bytes on some systems (107 on
 * Linux): under a temporary folder deeper than that the embedded database keeps to its loopback
 * port, and the shop still starts.
 */
const made: string[] = [];
const savedTmpdir = process.env.TMPDIR;
/** The system's temporary folder before any test changes it. */
const base = tmpdir();

afterEach(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder whose path is `length` bytes long. */
function folderOfLength(length: number): string {
  const root = mkdtempSync(join(base, 'deep-'));
  made.push(root);
  const deep = `${root}/${'d'.repeat(length - root.length - 1)}`;
  mkdirSync(deep);
  return deep;
}

/** `/shop-ferretdb-XXXXXX/ferretdb.sock`: what the socket's path adds to the temporary folder. */
const SOCKET_TAIL = '/shop-ferretdb-XXXXXX/ferretdb.sock'.length;

const startIn = async (dataDir: string) => {
  const db = await startEmbeddedDatabase({ dataDir, prefer: 'ferretdb' });
  made.push(dataDir);
  return db;
};

/** Writes a note through `url` and counts the notes there. */
async function writeAndCount(url: string): Promise<number> {
  const connection = await mongoose.createConnection(`${url}socket`).asPromise();
  try {
    await connection.collection('notes').insertOne({ text: 'answered' });
    return await connection.collection('notes').countDocuments();
  } finally {
    await connection.close();
  }
}

describe.skipIf(process.platform === 'win32')('the embedded database’s socket', () => {
  test('when ferretdb starts, then its socket is in a folder only its user may enter, which goes when it stops', async () => {
    process.env.TMPDIR = folderOfLength(40);
    const db = await startIn(mkdtempSync(join(base, 'shop-data-')));
    try {
      const [name] = readdirSync(process.env.TMPDIR);
      expect(name).toMatch(/^shop-ferretdb-/);
      const folder = join(process.env.TMPDIR, name as string);
      expect(db.url).toBe(`mongodb://${encodeURIComponent(join(folder, 'ferretdb.sock'))}/`);
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(await writeAndCount(db.url)).toBe(1);

      await db.stop();
      expect(existsSync(folder)).toBe(false);
    } finally {
      await db.stop();
    }
  });

  test('when the socket’s path would pass 103 bytes, then there is none; at 103 there is', () => {
    process.env.TMPDIR = folderOfLength(103 - SOCKET_TAIL);
    const folder = makeSocketFolder();
    expect(folder && join(folder, 'ferretdb.sock')).toHaveLength(103);

    process.env.TMPDIR = folderOfLength(104 - SOCKET_TAIL);
    expect(makeSocketFolder()).toBeUndefined();
    expect(readdirSync(process.env.TMPDIR)).toEqual([]);
  });

  test('when the socket’s folder is touched, then it and its socket count as just used, for cleaners of the temporary folder', () => {
    const folder = mkdtempSync(join(base, 'touched-'));
    made.push(folder);
    const socket = join(folder, 'ferretdb.sock');
    writeFileSync(socket, '');
    const twentyDaysAgo = new Date(Date.now() - 20 * 24 * 3600 * 1000);
    utimesSync(socket, twentyDaysAgo, twentyDaysAgo);
    utimesSync(folder, twentyDaysAgo, twentyDaysAgo);

    touchSocketFolder(folder);

    for (const path of [folder, socket]) {
      expect(Date.now() - statSync(path).mtimeMs).toBeLessThan(60_000);
      expect(Date.now() - statSync(path).atimeMs).toBeLessThan(60_000);
    }
  });

  test('when the temporary folder is too deep for a socket, then ferretdb starts on its port alone and answers', async () => {
    process.env.TMPDIR = folderOfLength(120);
    const db = await startIn(mkdtempSync(join(base, 'shop-data-')));
    try {
      expect(db.url).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
      expect(await writeAndCount(db.url)).toBe(1);
    } finally {
      await db.stop();
    }
  });
});

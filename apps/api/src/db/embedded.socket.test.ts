import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { afterEach, describe, expect, test } from 'vitest';
import { socketPath, startEmbeddedDatabase } from './embedded.js';

/**
 * The API talks to its embedded ferretdb over a Unix socket in the system's temporary folder. A
 * socket's path is at most 103 bytes on some systems (107 on Linux): under a temporary folder
 * deeper than that the embedded database keeps to its loopback port, and the shop still starts.
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

describe.skipIf(process.platform === 'win32')('the embedded database’s socket', () => {
  test('when the temporary folder is short, then the socket is in it, named by the port', () => {
    process.env.TMPDIR = folderOfLength(60);

    expect(socketPath(40123)).toBe(`${process.env.TMPDIR}/shop-ferretdb-40123.sock`);
  });

  test('when the socket’s path would pass 103 bytes, then there is none', () => {
    process.env.TMPDIR = folderOfLength(103 - '/shop-ferretdb-40123.sock'.length);
    expect(socketPath(40123)).toHaveLength(103);

    process.env.TMPDIR = folderOfLength(104 - '/shop-ferretdb-40123.sock'.length);
    expect(socketPath(40123)).toBeUndefined();
  });

  test('when the temporary folder is too deep for a socket, then ferretdb starts on its port alone and answers', async () => {
    process.env.TMPDIR = folderOfLength(120);
    const dataDir = mkdtempSync(join(base, 'shop-data-'));
    made.push(dataDir);

    const db = await startEmbeddedDatabase({ dataDir, prefer: 'ferretdb' });
    try {
      expect(db.url).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
      const connection = await mongoose.createConnection(`${db.url}deep`).asPromise();
      try {
        await connection.collection('notes').insertOne({ text: 'answered' });
        expect(await connection.collection('notes').countDocuments()).toBe(1);
      } finally {
        await connection.close();
      }
    } finally {
      await db.stop();
    }
  });
});

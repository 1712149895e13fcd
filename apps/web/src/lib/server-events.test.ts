import { describe, expect, it } from 'vitest';
import { serverEvents } from './server-events';

/** A body that arrives in these pieces, as a network hands them over. */
const bodyOf = (...pieces: string[]) => {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
};

const eventsOf = async (body: ReadableStream<Uint8Array>) => {
  const events = [];
  for await (const event of serverEvents(body)) events.push(event);
  return events;
};

describe('serverEvents', () => {
  it('when events arrive split across pieces, with CRLF line ends, comments and several data lines, then each is read whole once its empty line came', async () => {
    const body = bodyOf(
      ': kept open\n\nevent: progress\nda',
      'ta: {"processed":1}\r\n\r\ndata: one\ndata: two\n',
      '\nevent: end\ndata: {"processed":2}\n\nevent: unfinished\ndata: x\n',
    );

    expect(await eventsOf(body)).toEqual([
      { event: 'progress', data: '{"processed":1}' },
      { event: 'message', data: 'one\ntwo' },
      { event: 'end', data: '{"processed":2}' },
    ]);
  });

  it('when the reader stops after the first event, then the stream is cancelled', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: end\ndata: {}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });

    for await (const event of serverEvents(body)) {
      expect(event.event).toBe('end');
      break;
    }

    expect(cancelled).toBe(true);
  });
});

/** One Server-Sent Event: its name (`message` when the stream names none) and its data. */
export interface ServerEvent {
  event: string;
  data: string;
}

/** The event a block of `field: value` lines makes (comments and unknown fields are left out). */
function eventOf(lines: readonly string[]): ServerEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
}

/**
 * The events of a `text/event-stream` body as they arrive (the HTML standard's format: lines of
 * `field: value`, an empty line ending each event). Leaving the loop early closes the stream.
 */
export async function* serverEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let lines: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pending += decoder.decode(value, { stream: true });
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const raw of complete) {
        const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (line !== '') {
          lines.push(line);
          continue;
        }
        const event = eventOf(lines);
        lines = [];
        if (event) yield event;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

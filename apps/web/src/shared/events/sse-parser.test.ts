import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';
import type { SseMessage } from './sse-parser';

function parse(...chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createSseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return messages;
}

describe('createSseParser', () => {
  it('parses named events with JSON data', () => {
    expect(parse('event: HEARTBEAT\ndata: {"name":"HEARTBEAT"}\n\n')).toEqual([
      { event: 'HEARTBEAT', data: '{"name":"HEARTBEAT"}' },
    ]);
  });

  it('defaults the name to message and joins data lines', () => {
    expect(parse('data: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('waits for the blank line, across chunks split anywhere', () => {
    const text = 'event: LOGOUT\ndata: {"x":1}\n\nevent: HEARTBEAT\ndata: {}\n\n';
    const whole = parse(text);
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse(text.slice(0, cut), text.slice(cut))).toEqual(whole);
    }
    expect(parse('event: LOGOUT\ndata: {}\n')).toEqual([]);
  });

  it('accepts CRLF and CR line ends, also split between chunks', () => {
    expect(parse('event: A\r\ndata: 1\r\n\r\n')).toEqual([{ event: 'A', data: '1' }]);
    expect(parse('event: A\rdata: 1\r\r')).toEqual([{ event: 'A', data: '1' }]);
    expect(parse('event: A\r', '\ndata: 1\r', '\n\r', '\n')).toEqual([{ event: 'A', data: '1' }]);
  });

  it('ignores comments, unknown fields and events without data', () => {
    expect(parse(': keep-alive\n\nretry: 1000\nfoo: bar\nevent: X\n\ndata:1\n\n')).toEqual([
      { event: 'message', data: '1' },
    ]);
  });

  it('keeps the last event id and drops only one leading space', () => {
    expect(parse('id: 7\nevent: E\ndata:  two spaces\n\n')).toEqual([
      { event: 'E', data: ' two spaces', id: '7' },
    ]);
  });

  it('resets the event name after each dispatch', () => {
    expect(parse('event: A\ndata: 1\n\ndata: 2\n\n').map((m) => m.event)).toEqual(['A', 'message']);
  });
});

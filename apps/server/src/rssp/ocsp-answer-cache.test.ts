import { describe, expect, it } from 'vitest';
import { createOcspAnswerCache } from './ocsp-answer-cache';

const answer = (n: number) => ({ response: Buffer.from([n]), serial: n.toString(16) });

describe('the kept OCSP answers', () => {
  it('gives an answer out until its time is up, then forgets it', () => {
    const cache = createOcspAnswerCache({ reuseMs: 1000, maxEntries: 10 });
    cache.set('a', answer(1), 5000);
    expect(cache.get('a', 5999)?.serial).toBe('1');
    expect(cache.get('a', 6000)).toBeUndefined();
    expect(cache.get('a', 5500)).toBeUndefined();
  });

  it('drops an answer at once, and the oldest when full', () => {
    const cache = createOcspAnswerCache({ reuseMs: 1000, maxEntries: 2 });
    cache.set('a', answer(1), 0);
    cache.set('b', answer(2), 0);
    cache.drop('a');
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('c', answer(3), 1);
    cache.set('d', answer(4), 2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('c', 3)?.serial).toBe('3');
    expect(cache.get('d', 3)?.serial).toBe('4');
  });
});

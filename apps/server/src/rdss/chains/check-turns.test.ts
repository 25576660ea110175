import { describe, expect, it } from 'vitest';
import { AppError } from '#infra/app-error';
import { createCheckTurns } from './check-turns';

describe('createCheckTurns', () => {
  it('lets a user run as many checks at once as allowed, refuses the next with Retry-After, and frees the turn after', async () => {
    const turns = createCheckTurns(2);
    const gates: (() => void)[] = [];
    const held = () => new Promise<string>((resolve) => gates.push(() => resolve('done')));
    const first = turns.run('ann', held);
    const second = turns.run('ann', held);
    const refused = await turns.run('ann', held).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429, retryAfterSeconds: 2 });
    // Another user has turns of their own.
    const bobs = turns.run('bob', async () => 'bob');
    await expect(bobs).resolves.toBe('bob');
    gates.forEach((open) => open());
    await expect(Promise.all([first, second])).resolves.toEqual(['done', 'done']);
    // A failed check gives its turn back too.
    await expect(turns.run('ann', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(turns.run('ann', async () => 'again')).resolves.toBe('again');
  });
});

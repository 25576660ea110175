import { describe, expect, it } from 'vitest';
import { dataUrlBytes, imageFileProblem } from './image-file';

describe('profile image files', () => {
  it('takes PNG and JPEG up to the limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 }, 1048576)).toBeNull();
    expect(imageFileProblem({ type: 'image/jpeg', size: 1048576 }, 1048576)).toBeNull();
  });

  it('names the format or the limit in MB otherwise', () => {
    expect(imageFileProblem({ type: 'image/gif', size: 10 }, 1048576)).toEqual({ kind: 'format' });
    expect(imageFileProblem({ type: 'image/png', size: 1048577 }, 1048576)).toEqual({
      kind: 'tooLarge',
      megabytes: '1.00',
    });
  });

  it('counts the bytes of a data URL', () => {
    expect(dataUrlBytes('data:image/png;base64,AAAA')).toBe(3);
    expect(dataUrlBytes('data:image/png;base64,AAA=')).toBe(2);
  });
});

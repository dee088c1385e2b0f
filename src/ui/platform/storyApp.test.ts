import { describe, expect, it } from 'vitest';
import { storyApp } from './storyApp';

const stack = ['platform-stack', 'platform-database', 'platform-backend', 'platform-frontend'];

describe('storyApp: the Application a story beat is about', () => {
  it('the first Application the text names, as a whole word', () => {
    expect(
      storyApp(
        'Step 3 needs every Application of step 2 Healthy. platform-frontend stays Waiting for ever; the set says "ApplicationSet is performing rollout of step 2".',
        stack,
      ),
    ).toBe('platform-frontend');
    expect(
      storyApp('checkout and payments reference AppProjects that the projects app has not written yet.', [
        'platform',
        'projects',
        'namespaces',
        'checkout',
        'payments',
      ]),
    ).toBe('checkout');
  });

  it('a longer name at the same place wins, and a prefix of a word is no name', () => {
    expect(storyApp('platform-backend is synced', ['platform', 'platform-backend'])).toBe('platform-backend');
    expect(storyApp('the platforms are many', ['platform'])).toBeUndefined();
    expect(storyApp('Without the health Lua the children have no health', ['platform', 'checkout'])).toBe(
      undefined,
    );
  });
});

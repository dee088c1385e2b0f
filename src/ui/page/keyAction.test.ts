import { describe, expect, it } from 'vitest';
import { keyAction } from './keyAction';

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean }> = {}) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('keyAction', () => {
  it('maps the presenter keys', () => {
    expect(keyAction(key(' '), false)).toBe('toggle-play');
    expect(keyAction(key('ArrowRight'), false)).toBe('step-forward');
    expect(keyAction(key('ArrowLeft'), false)).toBe('step-back');
    expect(keyAction(key('ArrowRight', { shiftKey: true }), false)).toBe('wave-forward');
    expect(keyAction(key('PageDown'), false)).toBe('moment-forward');
    expect(keyAction(key('PageUp'), false)).toBe('moment-back');
    expect(keyAction(key('Home'), false)).toBe('start');
    expect(keyAction(key('End'), false)).toBe('end');
    expect(keyAction(key('?'), false)).toBe('legend');
  });

  it('toggles presenter mode with p, but not while typing or with a browser shortcut', () => {
    expect(keyAction(key('p'), false)).toBe('present');
    expect(keyAction(key('P', { shiftKey: true }), false)).toBe('present');
    expect(keyAction(key('p'), true)).toBeUndefined();
    // Ctrl+P prints the page: the browser keeps it.
    expect(keyAction(key('p', { ctrlKey: true }), false)).toBeUndefined();
  });

  it('maps Escape to leaving an Application and b / . to a blank screen', () => {
    expect(keyAction(key('Escape'), false)).toBe('leave-app');
    expect(keyAction(key('b'), false)).toBe('blank');
    expect(keyAction(key('.'), false)).toBe('blank');
    expect(keyAction(key('b'), true)).toBeUndefined();
  });

  it('leaves typing in a field and browser shortcuts alone', () => {
    expect(keyAction(key(' '), true)).toBeUndefined();
    expect(keyAction(key('?'), true)).toBeUndefined();
    expect(keyAction(key('ArrowLeft', { ctrlKey: true }), false)).toBeUndefined();
    expect(keyAction(key('a'), false)).toBeUndefined();
  });
});

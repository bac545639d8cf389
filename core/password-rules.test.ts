// The password rules answer the specification's messages, in its order, for each broken rule.
import { describe, expect, it } from 'vitest';
import { newPasswordError, PASSWORD_SPECIAL_CHARACTERS, passwordMessages, passwordProblems } from './password-rules';

describe('passwordProblems', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordProblems('Inflation2025!')).toEqual([]);
    expect(passwordProblems('Aa1' + PASSWORD_SPECIAL_CHARACTERS)).toEqual([]);
  });

  it('uses the exact messages of the specification', () => {
    expect(passwordMessages.tooShort).toBe('Password must be at least 8 characters long');
    expect(passwordMessages.uppercase).toBe('Password must contain at least one uppercase letter');
    expect(passwordMessages.lowercase).toBe('Password must contain at least one lowercase letter');
    expect(passwordMessages.number).toBe('Password must contain at least one number');
    expect(passwordMessages.special).toBe(
      'Password must contain at least one special character (!@#$%^&*()_+-=[]{}|;:,.<>?)',
    );
    expect(passwordMessages.mismatch).toBe('Passwords do not match');
  });

  it('names each broken rule, in order', () => {
    expect(passwordProblems('Ab1!')).toEqual([passwordMessages.tooShort]);
    expect(passwordProblems('lowercase1!')).toEqual([passwordMessages.uppercase]);
    expect(passwordProblems('UPPERCASE1!')).toEqual([passwordMessages.lowercase]);
    expect(passwordProblems('NoDigits!!')).toEqual([passwordMessages.number]);
    expect(passwordProblems('NoSpecial12')).toEqual([passwordMessages.special]);
    expect(passwordProblems('')).toEqual([
      passwordMessages.tooShort,
      passwordMessages.uppercase,
      passwordMessages.lowercase,
      passwordMessages.number,
      passwordMessages.special,
    ]);
  });

  it('counts characters, not UTF-16 units, and ignores characters outside the special set', () => {
    expect(passwordProblems('Ab1!ééé')).toEqual([passwordMessages.tooShort]);
    expect(passwordProblems('Passwort1€€')).toEqual([passwordMessages.special]);
    expect(passwordProblems('Password1 ')).toEqual([passwordMessages.special]);
  });

  it('refuses passwords longer than 128 characters', () => {
    expect(passwordProblems('Aa1!' + 'x'.repeat(125))).toEqual([passwordMessages.tooLong]);
    expect(passwordProblems('Aa1!' + 'x'.repeat(124))).toEqual([]);
  });
});

describe('newPasswordError', () => {
  it('reports the first broken rule before a mismatch', () => {
    expect(newPasswordError('short', 'other')).toBe(passwordMessages.tooShort);
    expect(newPasswordError('Inflation2025!', 'Inflation2025?')).toBe('Passwords do not match');
    expect(newPasswordError('Inflation2025!', 'Inflation2025!')).toBeNull();
  });
});

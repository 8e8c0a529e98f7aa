import { ApiError } from '@purchasing/api-client';
import { describe, expect, it, vi } from 'vitest';
import { isStaleVersion, placeFieldErrors } from './useServerForm';

const refusal = (status: number, details: { field: string; message: string }[]) =>
  new ApiError('Refused', { code: 'VALIDATION_FAILED', status, details });

describe('placeFieldErrors', () => {
  it('puts each detail on the field it names and answers the messages no field takes', () => {
    const setError = vi.fn();
    const fieldOf = (field: string) =>
      field.startsWith('levels.') ? field.split('.').slice(0, 3).join('.') : null;
    const answer = placeFieldErrors(
      refusal(422, [
        { field: 'levels.1.user_ids.0', message: 'Not a member' },
        { field: 'policy', message: 'Too many levels' },
      ]),
      setError,
      fieldOf,
    );
    expect(answer).toEqual({ placed: 1, unplaced: ['Too many levels'] });
    expect(setError).toHaveBeenCalledWith('levels.1.user_ids', { type: 'server', message: 'Not a member' });
  });

  it('places nothing for an error that is not the server’s', () => {
    const setError = vi.fn();
    expect(placeFieldErrors(new Error('offline'), setError, () => 'name')).toEqual({
      placed: 0,
      unplaced: [],
    });
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('isStaleVersion', () => {
  it('is a 409 naming the version, and nothing else', () => {
    expect(isStaleVersion(refusal(409, [{ field: 'version', message: 'Changed' }]))).toBe(true);
    expect(isStaleVersion(refusal(409, [{ field: 'name', message: 'Taken' }]))).toBe(false);
    expect(isStaleVersion(refusal(422, [{ field: 'version', message: 'Bad' }]))).toBe(false);
    expect(isStaleVersion(new Error('version'))).toBe(false);
  });
});

import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver around a pure validator that returns { field: messages[] },
 * so the forms show exactly the shared messages of server/contract/auth.ts.
 */
export function validatorResolver<T extends FieldValues>(validate: (values: T) => Record<string, string[]>): Resolver<T> {
  return async (values) => {
    const fieldErrors = validate(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, messages] of Object.entries(fieldErrors)) {
      if (messages.length > 0) errors[field] = { type: 'validate', message: messages[0] };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors } as never;
    return { values, errors: {} };
  };
}

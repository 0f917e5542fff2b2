// The one error type the JS API throws: the message says what was wrong and what is allowed;
// `.option` names the offending option and `.kind` the core's error class.
export class AttentionLabError extends Error {
  constructor(message, { option = '', kind = 'OptionError', cause } = {}) {
    super(message, cause ? { cause } : undefined);
    this.name = 'AttentionLabError';
    this.option = option;
    this.kind = kind;
  }
}

// The core hands its errors over as plain objects { name: 'AttentionLab<Kind>', option, message }.
export function fromCoreError(error) {
  if (error instanceof AttentionLabError) return error;
  const kind =
    typeof error?.name === 'string' && error.name.startsWith('AttentionLab')
      ? error.name.slice('AttentionLab'.length)
      : '';
  return new AttentionLabError(String(error?.message ?? error), {
    option: error?.option ?? '',
    kind: kind || 'Error',
  });
}

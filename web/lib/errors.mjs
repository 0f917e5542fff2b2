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

// Errors thrown by the WASM core arrive as plain Errors named AttentionLab<Kind> with .option.
export function fromCoreError(error) {
  if (error instanceof AttentionLabError) return error;
  if (error && typeof error.name === 'string' && error.name.startsWith('AttentionLab')) {
    return new AttentionLabError(error.message, {
      option: error.option ?? '',
      kind: error.name.slice('AttentionLab'.length) || 'Error',
    });
  }
  return error;
}

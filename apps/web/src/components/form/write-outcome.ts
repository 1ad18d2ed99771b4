/** Why a write failed, in the words of its toast: the form that sent it says the same and keeps what was typed. */
export interface WriteFailure {
  title: string;
  description: string;
}

/** How a write ended: saved, or failed (its toast already shown) with what the form should say. */
export type WriteOutcome = { ok: true } | ({ ok: false } & WriteFailure);

// The business rules the specification says are shown (section 9): on the calculator's screens and in
// the RAG export, from this one list.

export const BUSINESS_RULES = [
  'Revendedores devem respeitar o preço mínimo de venda, sob pena de banimento.',
  'Login e senha só são criados para planos mensais e anuais.',
  'Planos trimestrais e semestrais são entregues em planilha.',
  'Abertura mínima: 50 créditos mensais ou 5 créditos anuais.',
] as const;

export { formatBRL, formatDate, formatDateTime, roundMoney } from '@vitrine/domain/money';

/** '1 aplicativo encontrado' / '3 aplicativos encontrados'. */
export function plural(count: number, singular: string, pluralForm: string) {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

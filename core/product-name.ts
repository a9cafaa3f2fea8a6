/** The product's name, as every e-mail and page that names it says it. */
export const PRODUCT = 'Mitzvah Gifts';

/** The product's name, used wherever the spec says "the product". */
export const PRODUCT_NAME = 'Mitzvah Gifts';

/** docs/product.md#what-the-product-does-and-for-whom. */
export const MARKETING_COPY = 'Celebrating Bar & Bat Mitzvahs while supporting Jewish communities worldwide through meaningful giving.';

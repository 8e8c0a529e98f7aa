export {
  ProductListScreen,
  type ProductListScreenProps,
  type ProductListSearchChangeOptions,
  productListMessages,
} from './ProductListScreen';
export { parseProductImport, productImportTemplate } from './productImport';
export { type ProductListSearch, productListSearchSchema } from './searchParams';

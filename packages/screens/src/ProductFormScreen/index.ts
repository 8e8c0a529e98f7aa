export {
  ProductFormScreen,
  type ProductFormScreenProps,
  productFormScreenMessages,
} from './ProductFormScreen';

export {
  DEFAULT_MAX_FILES,
  DEFAULT_MAX_SIZE,
  type FileRejection,
  FileUploader,
  type FileUploaderProps,
  type FileUploadItem,
  type FileUploadStatus,
  fileUploadStatuses,
  matchesAccept,
  validateFiles,
} from './FileUploader';

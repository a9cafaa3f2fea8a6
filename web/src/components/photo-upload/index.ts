export { PhotoUpload, type PhotoUploadProps } from './photo-upload';
export { uploadPhotoFile, UploadError, UPLOAD_PATH } from './upload-request';

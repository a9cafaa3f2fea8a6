export { PhotoUpload, type PhotoUploadProps } from './photo-upload';

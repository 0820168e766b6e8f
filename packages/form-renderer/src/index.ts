export { FieldView } from './field-view';
export type { UploadFile, UploadProblem } from './file-fields';
export { FillPage, type FillPageData, themeStyle } from './fill-page';
export { FormView, type SubmitHandler, type SubmitOutcome, type SubmitProblem } from './form-view';
export { issueMessage, type RendererLocale, textsOf } from './messages';

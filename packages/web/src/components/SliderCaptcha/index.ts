export { CaptchaField } from './CaptchaField'
export { CaptchaModal, useCaptchaPrompt } from './CaptchaModal'
export { SliderCaptcha, type SliderCaptchaProps } from './SliderCaptcha'

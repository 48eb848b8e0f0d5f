/**
 * The sign-up code email (issue 29 item 4): the 6-digit code, how long it works, and a link that
 * opens the code step with it filled in. Sent only to an address with no account (an owner gets the
 * `signup_existing` notice instead, ./notice-texts.ts). `{code}`, `{minutes}`, `{link}`.
 */
const SIGNUP_CODE: Record<string, { subject: string; text: string }> = {
  en: {
    subject: 'Your sign-up code',
    text: 'Your sign-up code is {code}\n\nEnter it on the sign-up page within {minutes} minutes, or open this link and confirm with your password:\n{link}\n\nIf you did not sign up, ignore this email: no account is made without the code.',
  },
  'zh-TW': {
    subject: '您的註冊驗證碼',
    text: '您的註冊驗證碼是 {code}\n\n請在 {minutes} 分鐘內於註冊頁輸入，或開啟此連結並以您的密碼確認：\n{link}\n\n若您沒有註冊，請忽略此郵件：沒有驗證碼就不會建立帳號。',
  },
  'zh-CN': {
    subject: '您的注册验证码',
    text: '您的注册验证码是 {code}\n\n请在 {minutes} 分钟内在注册页输入，或打开此链接并用您的密码确认：\n{link}\n\n如果您没有注册，请忽略此邮件：没有验证码就不会创建账号。',
  },
  ja: {
    subject: '登録用の確認コード',
    text: '登録用の確認コードは {code} です\n\n{minutes} 分以内に登録ページで入力するか、このリンクを開いてパスワードで確定してください：\n{link}\n\nお心当たりがない場合はこのメールを無視してください。コードがなければアカウントは作成されません。',
  },
  de: {
    subject: 'Ihr Registrierungscode',
    text: 'Ihr Registrierungscode lautet {code}\n\nGeben Sie ihn innerhalb von {minutes} Minuten auf der Registrierungsseite ein, oder öffnen Sie diesen Link und bestätigen Sie mit Ihrem Passwort:\n{link}\n\nHaben Sie sich nicht registriert, ignorieren Sie diese E-Mail: Ohne den Code wird kein Konto angelegt.',
  },
  es: {
    subject: 'Tu código de registro',
    text: 'Tu código de registro es {code}\n\nIntrodúcelo en la página de registro en los próximos {minutes} minutos, o abre este enlace y confirma con tu contraseña:\n{link}\n\nSi no te registraste, ignora este correo: sin el código no se crea ninguna cuenta.',
  },
  fr: {
    subject: 'Votre code d’inscription',
    text: 'Votre code d’inscription est {code}\n\nSaisissez-le sur la page d’inscription dans les {minutes} minutes, ou ouvrez ce lien et confirmez avec votre mot de passe :\n{link}\n\nSi vous ne vous êtes pas inscrit, ignorez cet e-mail : aucun compte n’est créé sans le code.',
  },
  fil: {
    subject: 'Ang iyong sign-up code',
    text: 'Ang iyong sign-up code ay {code}\n\nIlagay ito sa sign-up page sa loob ng {minutes} minuto, o buksan ang link na ito at kumpirmahin gamit ang iyong password:\n{link}\n\nKung hindi ka nag-sign up, huwag pansinin ang email na ito: walang account na magagawa nang wala ang code.',
  },
  id: {
    subject: 'Kode pendaftaran Anda',
    text: 'Kode pendaftaran Anda adalah {code}\n\nMasukkan di halaman pendaftaran dalam {minutes} menit, atau buka tautan ini dan konfirmasi dengan kata sandi Anda:\n{link}\n\nJika Anda tidak mendaftar, abaikan email ini: tanpa kode tidak ada akun yang dibuat.',
  },
  th: {
    subject: 'รหัสยืนยันการสมัครของคุณ',
    text: 'รหัสยืนยันการสมัครของคุณคือ {code}\n\nกรอกรหัสในหน้าสมัครภายใน {minutes} นาที หรือเปิดลิงก์นี้แล้วยืนยันด้วยรหัสผ่านของคุณ:\n{link}\n\nหากคุณไม่ได้สมัคร โปรดเพิกเฉยต่ออีเมลนี้ หากไม่มีรหัสจะไม่มีการสร้างบัญชี',
  },
  vi: {
    subject: 'Mã đăng ký của bạn',
    text: 'Mã đăng ký của bạn là {code}\n\nNhập mã trên trang đăng ký trong vòng {minutes} phút, hoặc mở liên kết này và xác nhận bằng mật khẩu của bạn:\n{link}\n\nNếu bạn không đăng ký, hãy bỏ qua email này: không có mã thì không tài khoản nào được tạo.',
  },
};

/** The sign-up code email in `locale` (English otherwise). */
export function signupCodeTexts(locale: string) {
  return SIGNUP_CODE[locale] ?? SIGNUP_CODE.en!;
}

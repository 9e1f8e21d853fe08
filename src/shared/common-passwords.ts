/**
 * Well-known passwords (docs/SECURITY.md, "Passwords"): the usual top entries of public breach lists that are 8 or
 * more characters long (shorter ones fail the length rule anyway), written down here; never downloaded. Compared
 * ignoring case. `COMMON_BASES` with `COMMON_SUFFIXES` adds the first variations guessers try ("monkey123",
 * "welcome@2024", "admin1!").
 */
const LIST = `
password password1 password12 password123 password1234 password12345 password123456 password01 password2
password3 password7 password9 passw0rd p@ssword p@ssw0rd pa55word pa55w0rd passwort passwords mypassword
thepassword yourpassword newpassword oldpassword secretpassword 12345678 123456789 1234567890 12345678910
0123456789 01234567 87654321 987654321 9876543210 11111111 111111111 1111111111 00000000 000000000 0000000000
22222222 33333333 44444444 55555555 66666666 77777777 88888888 99999999 12341234 12121212 11223344 12344321
13131313 69696969 123123123 321321321 123456123456 147258369 159753852 147852369 987456321 741852963 789456123
123654789 963852741 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qaz2wsx3edc qwertyuiop qwerty123 qwerty1234
qwerty12 qwerty12345 qwertyui qwerty123456 qwertzuiop azertyuiop asdfghjkl asdfghjk asdf1234 asdfasdf zxcvbnm1
zxcvbnm123 zaq12wsx zaq1zaq1 zaq1xsw2 qazwsxedc qweasdzxc 1qazxsw2 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 a1b2c3d4
a1s2d3f4 abcd1234 abc12345 abcdefgh abcdefg1 abcdefghij abc123456 abcd12345 1234abcd 12345abc 123abc123
aaaaaaaa aaaaaaaaa aaaaaaaaaa abcabcabc qweqweqwe asdasdasd zxczxczxc 123qweasd 123qweasdzxc qwe123qwe
qweasd123 1234qwer qwer1234 1234asdf iloveyou iloveyou1 iloveyou2 iloveu123 iloveyou123 ilovegod ilovemyself
ilovemom ilovemymom iloveindia iloveme1 ilovemusic lovelove loveyou1 loveyou2 loveme123 lovelife lovely123
loveless lovehurts sunshine sunshine1 princess princess1 football football1 baseball baseball1 basketball
soccer123 hockey123 volleyball cricket1 cricket123 superman superman1 batman123 spiderman spiderman1 starwars
starwars1 trustno1 whatever whatever1 welcome1 welcome123 welcome12 welcome2 welcome01 letmein1 letmein123
letmein! iamthebest bestfriend computer computer1 internet internet1 michael1 jennifer jennifer1 jessica1
charlie1 charlie123 michelle samantha samantha1 jonathan christian christina alexander alexandra elizabeth
victoria patricia benjamin matthew1 nicholas danielle jasmine1 angelina caroline margaret catherine katherine
stephanie veronica anthony1 william1 richard1 robert123 joshua123 andrew123 thomas123 daniel123 david123
james123 john1234 johnson1 jackson1 jordan23 jordan123 michael123 passion1 freedom1 monkey123 monkey12
dragon123 dragon12 shadow123 master123 master12 mustang1 maverick phoenix1 ginger12 pepper123 killer123
hunter123 hunter12 chocolate butterfly butterfly1 flower123 flowers1 rainbow1 rainbow123 diamond1 diamonds
treasure midnight blink182 pokemon1 pokemon123 naruto123 metallica nirvana1 slipknot liverpool liverpool1
chelsea1 arsenal1 manchester barcelona realmadrid juventus ronaldo7 messi123 cristiano cr7cr7cr7 mercedes
ferrari1 porsche1 corvette mustang123 yamaha123 harley123 chevrolet pussycat sexysexy qwerty69 scooter1
snoopy123 tigger123 garfield cookie123 cheese123 banana123 orange123 apple123 pineapple strawberry watermelon
december november1 september october1 january1 february august12 sunday123 monday123 friday13 summer123
summer12 winter123 spring123 autumn123 summer2020 summer2021 summer2022 summer2023 summer2024 summer2025
winter2020 winter2021 winter2022 winter2023 winter2024 winter2025 spring2024 autumn2024 password2019
password2020 password2021 password2022 password2023 password2024 password2025 password2026 welcome2020
welcome2021 welcome2022 welcome2023 welcome2024 welcome2025 changeme changeme1 changeme123 changeit default1
default123 temp1234 temppass temporary testtest test1234 test12345 test123456 testing1 testing123 tester123
administrator admin1234 admin12345 admin123456 adminadmin administrator1 admin@123 admin2020 admin2024
root1234 rootroot toor1234 superuser supervisor manager1 manager123 guest1234 user1234 user12345 username
username1 login123 login1234 access14 access123 secret123 secret12 topsecret qwerty!@ 1234567a 123456aa
123456qq 12345qwert 12345qwe 1234567q 123456789a 123456789q 12345678a 12345678q a12345678 a123456789 q12345678
aa123456 aa12345678 qq123456 zz123456 abc123abc 111222333 112233445566 123321123 147147147 159159159 789789789
456456456 123456654321 asdfqwer zxcvasdf qwaszx12 qazwsx12 qazwsx123 zxcv1234 poiuytrewq mnbvcxz1 lkjhgfdsa
0987654321 09876543 1234512345 12345678a! passw0rd! password! password1! welcome1! qwerty123! p@ssw0rd1
p@55w0rd summer2024! winter2024! india123 india@123 mumbai123 delhi123 chennai123 kolkata123 bangalore
hyderabad krishna1 krishna123 ganesh123 sairam123 jaishriram hanuman1 shivshakti omnamahshivaya stayperks
stayperks1 stayperks123 hotel1234 hotel12345 merchant1 merchant12 merchant123 merchant1234 hotel@123
seaview123 vouchers coupon123 voucher123 qwerty11 qwerty01 qwerty007 qwerty777 asdfgh12 asdfgh123 zxcvbn12
zxcvbn123 jessica12 michael12 iloveyou12 princess12 superman12 football12 baseball12 123456789z 123456789s
monkey1234 shadow1234 master1234 dragon1234 batman1234 jordan1234 charlie12 hannah123 thunder1 thunder123
lightning whatever123 nothing1 something anything everything forever1 forever21 together friends1 friendship
family123 familyguy happiness happy123 smile123 beautiful beautiful1 gorgeous sweetheart sweetie1 honey123
babygirl babygirl1 babyboy1 angel123 angels12 angelface prettygirl mother123 father123 brother1 sister123
daughter mommy123 daddy123 grandma1 jesus123 jesuschrist godisgood blessed1 heaven12 christ123 faith123
believe1 michaelj password? password. passwordpassword qwertyqwerty asdfasdfasdf 1234567890qwertyuiop
123456789012 1234567891 12345678901 fuckyou1 fuckyou123 fuckoff1 iloveyou! asshole1 bitch123 shithead wordpass
drowssap letmeinnow opensesame open1234 unlock123 access12 qazxswedc wsxedcrfv 1qaz!qaz 1q2w3e4r! !qaz2wsx
qwerasdf qwerasdfzxcv asdfghjkl; zaqxswcde computer123 laptop123 samsung1 samsung123 iphone123 android1
google123 facebook1 instagram youtube1 twitter1 microsoft windows1 windows7 linux123 ubuntu123 matrix123
hello123 hello1234 helloworld hellokitty hello12345 goodluck goodbye1 goodgirl goodboy1 darkness darkside
vampire1 zombie123 monster1 warrior1 soldier1 destroyer killer12 assassin ninja123 samurai1 pirate123 qwertyu1
123qwe123 1234qwerasdf trustme1 believe123 nopassword nopass123 mypass123 mypassword1 password0 passpass
pass1234 pass12345 pass123456 ashley123 amanda123 jessica123 nicole123 michelle1 melissa1 heather1 rebecca1
rachel123 natasha1 priyanka pooja123 neha1234 anjali123 deepak123 rahul123 rohit123 amit1234 sachin10
sachin123 vijay123 ajay1234 sunil123 anil1234 ravi1234 suresh123 ramesh123 mahesh123 rajesh123 ankit123
akash123 arjun123 karan123 simran123 asdf;lkj qwertyuiop123 1qa2ws3ed 3edc4rfv 2wsx3edc 4rfv5tgb 5tgb6yhn
zxcvbnm, 11112222 12312312 12345679 1234567899 123456780 23456789 34567890 98765432 13579246 24682468 13572468
01020304 10203040 19871987 19901990 20002000 20202020 20242024 19801980 19851985 19891989 19921992 19951995
19991999 20012001 20102010 11111112 12345611 123456987 1234554321 123454321 5201314520 52013145 internet123
letmein12 welcome@123 abc@1234 abc@12345 pass@123 pass@1234 password@1 password@12 password@123 india@1234
admin@1234 test@123 test@1234 user@123 hello@123 qwerty@123 p@ssword1 p@ssword123 p@ssw0rd123 passw0rd1
passw0rd123 pa$$word pa$$w0rd p4ssword p4ssw0rd`;

const COMMON_BASES = [
  'password',
  'passw0rd',
  'qwerty',
  'iloveyou',
  'admin',
  'welcome',
  'letmein',
  'monkey',
  'dragon',
  'master',
  'shadow',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'batman',
  'michael',
  'charlie',
  'hello',
  'freedom',
  'whatever',
  'trustno',
  'abc',
  'abcd',
  'test',
  'login',
  'secret',
  'hotel',
  'merchant',
  'manager',
  'india',
  'summer',
  'winter',
  'spring',
  'autumn',
  'stayperks',
  'user',
  'guest',
  'root',
  'changeme',
  'default',
  'access',
  'pass',
  'love',
];
const COMMON_SUFFIXES = [
  '',
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '!',
  '1!',
  '12!',
  '123!',
  '@123',
  '@1234',
  '#123',
  '01',
  '007',
  '69',
  '99',
  '2020',
  '2021',
  '2022',
  '2023',
  '2024',
  '2025',
  '2026',
  '@2024',
  '@2025',
  '!@#',
  '123!@#',
];

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    common = new Set(LIST.split(/\s+/).filter(Boolean));
    for (const base of COMMON_BASES) for (const suffix of COMMON_SUFFIXES) common.add(base + suffix);
  }
  return common;
}

/**
 * The server's much longer breached-password set (docs/SECURITY.md "Passwords"), added by
 * `src/server/platform/lib/breached-passwords.ts` when the server starts. The web never adds one: its forms check the
 * short list above at once, and the server's 422 answers the rest, so no page's download grows.
 */
let breachedCheck: ((lowercased: string) => boolean) | undefined;
export function addBreachedPasswords(check: (lowercased: string) => boolean): void {
  breachedCheck = check;
}

/** True when `password` is a well-known one (ignoring case): the list above, and the breached set where there is one. */
export function isCommonPassword(password: string): boolean {
  const lowercased = password.toLowerCase();
  return commonPasswords().has(lowercased) || (breachedCheck?.(lowercased) ?? false);
}

/**
 * Context-specific words (docs/SECURITY.md "Passwords", docs/ASVS.md "Context-specific words"): the product's name,
 * what its logins are called, and what its sign-in and its business say. A password that contains one, ignoring case,
 * spaces and punctuation between letters, and the usual swaps ("@" for "a", "0" for "o", "1" for "l"), must hold 8 or
 * more characters of its own besides it, not only digits and symbols: "StayPerks@2026" and "h0tel-manager-1" are
 * refused, "my hotel by the sea at dawn" is not. Not a composition rule: it bites only when such a word is there.
 */
export const CONTEXT_WORDS = [
  'stayperks',
  'perks',
  'password',
  'passwd',
  'hotel',
  'merchant',
  'manager',
  'admin',
  'owner',
  'staff',
  'cashier',
  'supervisor',
  'guest',
  'reception',
  'voucher',
  'login',
  'welcome',
];
/** What must be left besides the words (the length rule's own minimum, so a word adds to a password, never is it). */
export const CONTEXT_REST_MIN_LENGTH = 8;

/** One letter for each character that may stand for it, so a word is found under the usual swaps. */
const SWAPS: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  l: 'i',
  '!': 'i',
  '|': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
};
const SEPARATORS = /[\s._\-'’]+/gu;
// By UTF-16 unit, as indexOf counts: every swap is one unit for one unit, so positions stay put.
const canonical = (text: string) =>
  text
    .split('')
    .map((c) => SWAPS[c] ?? c)
    .join('');

/** Lowercased with spaces and punctuation between words taken out: "Stay Perks" and "stay-perks" are "stayperks". */
export const squashed = (text: string) => text.toLowerCase().replace(SEPARATORS, '');

/**
 * The first of `words` (each squashed, 3 characters or more) that `password` leans on: it contains the word and,
 * without every such word, keeps fewer than 8 characters, or only digits and symbols. Undefined when none.
 */
export function leansOnWord(password: string, words: readonly string[]): string | undefined {
  const plain = squashed(password);
  const swapped = canonical(plain);
  const taken = new Array<boolean>(plain.length).fill(false);
  let first: string | undefined;
  for (const word of words) {
    const target = canonical(word);
    if (target.length < 3) continue;
    for (let at = swapped.indexOf(target); at !== -1; at = swapped.indexOf(target, at + 1)) {
      first ??= word;
      taken.fill(true, at, at + target.length);
    }
  }
  if (first === undefined) return undefined;
  const rest = plain
    .split('')
    .filter((_, i) => !taken[i])
    .join('');
  return rest.length < CONTEXT_REST_MIN_LENGTH || !/\p{L}/u.test(rest) ? first : undefined;
}

/**
 * The login's own hotel or merchant name (docs/SECURITY.md "Passwords"): the whole name (3 characters or more), under
 * the same swaps and without its spaces, anywhere in the password; or one of its words (4 characters or more, a letter
 * among them) with little else, as for CONTEXT_WORDS ("Palace@2026" for "Grand Palace").
 */
export function containsOwnerName(password: string, name: string): boolean {
  const whole = canonical(squashed(name));
  if (whole.length >= 3 && canonical(squashed(password)).includes(whole)) return true;
  const words = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 4 && /\p{L}/u.test(word));
  return leansOnWord(password, words) !== undefined;
}

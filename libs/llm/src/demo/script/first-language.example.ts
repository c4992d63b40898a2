import { DEMO_EXAMPLE_QUESTIONS } from '@council/contracts';
import { type DemoExample } from './demo-script.types';

/** Three positions at first; one member moves to the middle and the opener stays the minority. */
export const FIRST_LANGUAGE_EXAMPLE: DemoExample = {
  question: DEMO_EXAMPLE_QUESTIONS[2],
  stances: {
    python: {
      claim: 'Python is the best first language for nearly every beginner.',
      minority:
        'still recommends Python for nearly every beginner, because its simple syntax keeps the focus on learning to program.',
      consensus: {
        answer:
          'Start with Python: its syntax is the gentlest, and the ideas carry over to any language you learn next.',
        points: [
          'Python reads almost like plain English, so beginners spend their effort on ideas rather than punctuation.',
          'It is used for data, automation, science and back-end work, so it stays useful.',
          'The second language is far easier than the first, whichever you start with.',
        ],
      },
    },
    'by-goal': {
      claim:
        'The first language should follow what you want to build: JavaScript for websites, Python for most other things.',
      minority:
        'holds that the choice should follow what you want to build: JavaScript for websites, Python for most other things.',
      consensus: {
        answer:
          'Choose by what you want to build: JavaScript if it is websites or web apps, Python for data, automation, science and most other things. If you are unsure, start with Python.',
        points: [
          'Motivation matters more than syntax: a language that lets you build what you care about keeps you going.',
          'JavaScript is the only language that runs in every browser, so it is the direct route to the web.',
          'Python’s simpler syntax makes it the better default when there is no specific goal yet.',
          'The second language is far easier than the first, so the choice is less permanent than it feels.',
        ],
      },
    },
    javascript: {
      claim:
        'JavaScript is the best first language, because it runs in every browser and shows results on day one.',
      minority:
        'still recommends JavaScript, because it runs in every browser and lets a beginner build something visible on day one.',
      consensus: {
        answer:
          'Start with JavaScript: it runs in every browser, so you can build and share something visible from the first day.',
        points: [
          'Seeing results in a browser keeps beginners motivated.',
          'JavaScript covers both the front and the back end of the web.',
          'Its quirks are real, so learn from a good modern course rather than old tutorials.',
        ],
      },
    },
  },
  voices: {
    openai: {
      opening: {
        stance: 'python',
        reasoning:
          'For a first language, the main obstacle is syntax and tooling getting in the way of learning the ideas. Python minimises both. I will recommend it, explain why briefly, and mention when JavaScript would be the better start.',
        text: [
          '**Short answer:** Python. Its clean syntax lets you focus on learning to program rather than on the language’s quirks.',
          '### Why Python first',
          [
            '1. **Readable.** Python code reads almost like English, with no braces or semicolons to trip over.',
            '2. **Versatile.** It is used for data analysis, automation, science, back-end services and teaching.',
            '3. **Gentle tooling.** You can write and run a useful script within minutes of installing it.',
          ].join('\n'),
          '### When JavaScript is the better start',
          'If your goal is specifically to build websites, JavaScript gets you there directly, because it is the language of the browser.',
        ].join('\n\n'),
      },
      keeps: {
        reasoning:
          'The others make the goal the deciding factor. Most beginners do not have a firm goal yet, so a default that is easiest to learn still serves the most people.',
        text: [
          'I keep my position. The others are right that a clear goal should guide the choice, and I said that web developers should start with JavaScript. But most people asking this question do not have a firm goal yet, and for them the easiest language to learn well is Python.',
          'Whichever you pick, the second language takes a fraction of the time the first did.',
        ].join('\n\n'),
      },
    },
    anthropic: {
      opening: {
        stance: 'by-goal',
        reasoning:
          'The honest answer is that the best first language depends on what the person wants to build, because motivation is what carries a beginner through the hard weeks. I will make the choice concrete with a small decision guide, and give a default for someone with no specific goal.',
        text: [
          '**Short answer:** Pick the one that leads to what you want to build. JavaScript for websites and web apps, Python for almost everything else, and Python if you are not sure yet.',
          'The biggest risk for a beginner is not choosing the "wrong" language; it is giving up. A language that lets you build something you care about soon keeps you going.',
          '### A quick guide',
          [
            '- **Websites, web apps, interactive pages:** JavaScript. It is the only language every browser runs.',
            '- **Data, spreadsheets, automation, science, AI:** Python. Its libraries for these are the best there are.',
            '- **No particular goal:** Python, for its gentler syntax.',
          ].join('\n'),
          '### Worth knowing',
          'Concepts like variables, loops and functions carry over. Your second language will take weeks, not months.',
        ].join('\n\n'),
      },
      keeps: {
        reasoning:
          'Both other answers are each right for part of the audience, which is an argument for my framing rather than against it.',
        text: [
          'I keep my position. The case for Python and the case for JavaScript are each right for one kind of learner, which is why I would let the goal decide. Where there is no goal, I agree with starting in Python.',
          'One addition from this debate: whichever language it is, build a small project of your own early. It teaches more than any course.',
        ].join('\n\n'),
      },
    },
    xai: {
      opening: {
        stance: 'javascript',
        reasoning:
          'Beginners quit when learning feels abstract. JavaScript gives instant, visible results in a browser everyone already has, which is the best motivator I know. I will argue for it and be upfront about its quirks.',
        text: [
          '**Short answer:** JavaScript. It runs in every browser, so you can build something you can see and share on day one.',
          '### Why',
          [
            '- **Zero setup.** Open the browser’s console and you are programming.',
            '- **Visible results.** Buttons, pages and games beat printing numbers in a terminal.',
            '- **One language, whole web.** The same language runs the page and, with Node.js, the server behind it.',
          ].join('\n'),
          '### The honest downside',
          'JavaScript has quirks that confuse beginners. Use a good modern course and stay away from old tutorials.',
        ].join('\n\n'),
      },
      keeps: {
        reasoning:
          'The others favour Python for its syntax; I still think motivation wins, and visible results win motivation.',
        text: 'I keep my position. Syntax is a smaller obstacle than boredom, and nothing beats the browser for seeing your code do something.',
      },
      changes: {
        persuadedBy: ['anthropic'],
        turn: {
          stance: 'by-goal',
          reasoning:
            'I argued for JavaScript because of motivation, but {persuader} makes the better version of that argument: motivation comes from building what you care about, and for someone who wants to analyse data, that is Python, not a web page. My argument only holds for would-be web developers.',
          text: [
            '**Revised answer:** Let the goal decide. JavaScript if you want to build for the web, Python for most other things. I have moved from "always JavaScript".',
            '{persuader} turned my own argument around. I said motivation matters most, and it does, but what motivates you is building the thing you care about. For someone who wants to crunch data or automate their spreadsheets, that is Python, and a browser console would be a detour.',
            'I still think would-be web developers should start with JavaScript, not take a detour through Python first.',
          ].join('\n\n'),
        },
      },
    },
  },
};

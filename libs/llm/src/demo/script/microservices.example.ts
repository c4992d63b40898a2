import { DEMO_EXAMPLE_QUESTIONS } from '@council/contracts';
import { type DemoExample } from './demo-script.types';

/** A question where one member holds out: the consensus keeps its view as the minority. */
export const MICROSERVICES_EXAMPLE: DemoExample = {
  question: DEMO_EXAMPLE_QUESTIONS[1],
  stances: {
    monolith: {
      claim:
        'A five-person team should start with one well-structured application and split it only when it must.',
      minority:
        'holds that a five-person team should start with one well-structured application and split it only when it must.',
      consensus: {
        answer:
          'Start with one well-structured application (a modular monolith) and split out a service only when a part of it has a clear, measured reason to run on its own.',
        points: [
          'With five people, every extra service adds deployments, monitoring and network failures that the team must carry instead of building the product.',
          'Clear module boundaries inside one codebase keep a later split cheap.',
          'Good reasons to split are concrete: very different load, a separate security boundary, or a team that needs to deploy on its own.',
        ],
      },
    },
    services: {
      claim:
        'Two or three services from day one, around parts with very different load or security needs, pay for themselves early.',
      minority:
        'still holds that two or three services from day one, around parts with very different load or security needs, pay for themselves early.',
      consensus: {
        answer:
          'Split out a few services from the start, around the parts of the product with clearly different load or security needs, and keep everything else together.',
        points: [
          'Parts with different scaling or security needs are easier to separate before the code grows around them.',
          'Keep the number of services small: two or three, not twenty.',
          'Invest early in deployment and monitoring, because every service needs them.',
        ],
      },
    },
  },
  voices: {
    openai: {
      opening: {
        stance: 'monolith',
        reasoning:
          'The team size is the key fact. Microservices trade code complexity for operational complexity, and five people rarely have the capacity for the latter. I will recommend a modular monolith and list the signals that would justify splitting later, so the advice is not dogma.',
        text: [
          '**Short answer:** No. Start with a modular monolith, one deployable application with clear internal boundaries, and split out services only when you have a concrete reason.',
          '### Why',
          [
            '1. **Operational cost.** Each service needs its own deployment, monitoring, logging and on-call attention. Five engineers will spend their time on plumbing instead of the product.',
            '2. **You do not know your boundaries yet.** Early products change shape weekly. Boundaries drawn on day one are usually wrong, and moving them between services is far harder than inside one codebase.',
            '3. **Speed.** One repository, one build and one deploy make it easy to change many parts at once, which is what an early product needs most.',
          ].join('\n'),
          '### When to split',
          'When one part has very different load, a separate security boundary, or a team that needs to release on its own schedule.',
        ].join('\n\n'),
      },
      keeps: {
        reasoning:
          'The argument for early services rests on parts with different load. That is a good reason to split one part when it is measured, not a reason to start distributed.',
        text: [
          'I keep my position. The point about parts with very different load is fair, and it is exactly one of the signals I listed for splitting. But it argues for splitting one component when the need is measured, not for starting with several services before the product has found its shape.',
          'A practical middle ground: run background jobs as a separate process from the same codebase. You get isolation where it matters without the cost of separate services.',
        ].join('\n\n'),
      },
    },
    anthropic: {
      opening: {
        stance: 'monolith',
        reasoning:
          'Microservices solve organisational problems as much as technical ones: many teams deploying independently. A five-person startup does not have that problem yet. I agree with the usual advice but want to be precise about what "monolith" should mean, since a tangled monolith is its own trap.',
        text: [
          '**Short answer:** Almost certainly not. Build one application with clean internal modules, and treat microservices as a tool for a problem you do not have yet.',
          'Microservices mostly solve a coordination problem: many teams who need to deploy without waiting for each other. With five people, you can talk to each other instead, which is far cheaper than a network boundary.',
          '### What to do instead',
          [
            '- **Draw boundaries in the code.** Separate modules with their own data access and a small public interface. This is where the real design work is.',
            '- **Keep one database, with discipline.** Let each module own its tables, so a later split does not require untangling shared queries.',
            '- **Watch for the real signals.** A part with very different load, strict isolation needs, or a team that grows past what one codebase comfortably holds.',
          ].join('\n'),
          '### Where I might be wrong',
          'If part of the product has to meet a regulatory boundary from the start, such as payments or health data, isolating it early can be worth the cost.',
        ].join('\n\n'),
      },
      keeps: {
        reasoning:
          'The case for early services has a kernel of truth that my own caveat already names: isolation for a regulated or very different component. It does not generalise to the whole product.',
        text: [
          'I keep my position. We agree more than it looks: a component with genuinely different load or a regulatory boundary can be worth separating early, and I said as much. Where I differ is on making that the starting architecture for everything else.',
          'The deciding question for this team is simple: which specific part would you split, and what measured problem does splitting solve? If there is no crisp answer, stay in one codebase.',
        ].join('\n\n'),
      },
    },
    xai: {
      opening: {
        stance: 'services',
        reasoning:
          'Everyone says "monolith first", and usually they are right. But the advice gets applied too broadly. Some parts of a product, like media processing or a public API with spiky traffic, really are different. I will argue for a small number of services where the difference is obvious from day one.',
        text: [
          '**Short answer:** Yes, but only a few. Split out two or three services from day one where the parts are obviously different, and keep the rest together.',
          '### The case',
          [
            '- **Some boundaries are obvious early.** Video processing, a public API with spiky traffic, or payment handling behave nothing like the rest of the app.',
            '- **Splitting later is painful.** Once code grows around a shared database, pulling a part out takes months.',
            '- **Scaling costs.** Scaling the whole app because one part is busy wastes money from the first big customer onwards.',
          ].join('\n'),
          '### The limit',
          'Two or three services, not twenty. If you cannot name why a part needs to stand alone, it does not.',
        ].join('\n\n'),
      },
      keeps: {
        reasoning:
          'The others concede that components with different load or isolation needs can be split early. That is my point; the disagreement is only about timing, and I think they underrate how hard the later split is.',
        text: [
          'I keep my position. The others agree that parts with very different load or a regulatory boundary may be worth separating, and that is exactly what I am proposing, just earlier. Splitting after two years of shared tables is the expensive way to learn this.',
          'Where I agree with them: no more than two or three services, and invest in deployment tooling before the second one.',
        ].join('\n\n'),
      },
    },
  },
};

// @ts-check
// The cue (GuidedSession only): the prompt, OK to place it together, the timer that lets the
// cue rise, the prompt read aloud, a sound when a turn comes.

import { h, setText } from "./dom.js";

/** @typedef {import("./view.js").View} View */
/** @typedef {import("./context.js").Ctx} Ctx */

/** @param {Ctx} ctx */
export function makeCue(ctx) {
  const { port, state } = ctx;
  /** @type {ReturnType<typeof setTimeout>|null} */
  let timer = null; // when the cue rises next
  let spoken = ""; // the prompt last read aloud
  let lastWaiting = "";
  /** @type {AudioContext|null} */
  let audio = null;
  const node = h("div", { class: "cfw-cue", role: "status", "aria-live": "polite" });
  const text = h("p", { class: "cfw-cue-text" });
  const ok = h("button", { type: "button", class: "cfw-btn cfw-primary", "data-key": "confirm" }, "OK, let's place it");
  ok.addEventListener("click", () => ctx.send("confirm"));
  node.append(text, ok);
  node.hidden = true;

  /** @param {View} v */
  function update(v) {
    const cue = v.cue;
    const g = v.guided;
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    node.hidden = !cue || !(cue.prompt || cue.confirm);
    if (!cue) return;
    node.dataset.level = String(cue.level);
    setText(text, cue.prompt || "");
    ok.hidden = !cue.confirm;
    if (g && g.wait_ms && !g.paused && !g.ended) {
      const version = v.version;
      timer = setTimeout(() => {
        timer = null;
        if (state.view.version === version && ctx.root.isConnected) {
          port.send({ kind: "cue_tick", version, seat: v.seat });
        }
      }, g.wait_ms);
    }
    if (g && g.speech && cue.prompt && cue.prompt !== spoken) speak(cue.prompt);
    spoken = cue.prompt || "";
    if (g && g.sound && v.waiting === "you" && lastWaiting !== "you") chime();
    lastWaiting = v.waiting || "";
  }

  /** @param {string} words */
  function speak(words) {
    const synth = typeof window !== "undefined" ? window.speechSynthesis : null;
    if (!synth || typeof SpeechSynthesisUtterance === "undefined") return;
    synth.cancel();
    const u = new SpeechSynthesisUtterance(words);
    u.rate = 0.9;
    synth.speak(u);
  }

  function chime() {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      audio = audio || new Ctx();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.0001, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.05);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.6);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.65);
    } catch (err) {
      audio = null; // no sound is fine
    }
  }

  function destroy() {
    if (timer !== null) clearTimeout(timer);
  }

  return { node, update, destroy };
}

"""Train a masked policy on two-player San Juan with sb3-contrib's MaskablePPO, then measure it against the random bot.

    pip install torch==2.13.0 '.[learn]'        # torch first: the CPU build (the extra asks for any torch >= 2.3)
    python examples/learn_san_juan.py --steps 300000 --eval 400 --curve curve.csv

The learner plays seat 0 of ``boardrules.ai.gymnasium_env("san_juan", players=2)`` against a random bot; the policy
sees the seat's observation vector and chooses among the legal indexes only (the environment's ``action_masks``).
The reward is the share of the win at the end of the game, nothing before. Every ``--every`` steps it plays
``--eval`` games against the random bot (greedy action choice, other seeds than training) and writes the win rate
to ``--curve``. Everything is seeded: the same arguments give the same policy on the same machine.
"""
from __future__ import annotations

import argparse
import csv
import random
import time

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from boardrules.ai import gymnasium_env


class VectorOnly(gym.ObservationWrapper):
    """The seat's observation vector alone (the mask reaches the policy through ``action_masks``)."""

    def __init__(self, env):
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation):
        return observation["observation"]

    def action_masks(self):
        return self.env.unwrapped.action_masks()


def make_env(seed: int):
    env = VectorOnly(gymnasium_env("san_juan", players=2, seat=0, illegal="raise"))
    env.reset(seed=seed)
    return env


def win_rate(model, games: int, seed: int) -> float:
    """The learner's share of wins in ``games`` games against the random bot, its action the policy's most likely."""
    env = make_env(seed)
    wins = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done = False
        reward = 0.0
        while not done:
            action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=True)
            observation, reward, done, _, _ = env.step(int(action))
        wins += reward
    return wins / games


class Curve(BaseCallback):
    """Every ``every`` steps: the win rate against the random bot, with the CPU time so far."""

    def __init__(self, every: int, games: int, rows: list):
        super().__init__()
        self.every, self.games, self.rows = every, games, rows
        self.next = every

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.next += self.every
            rate = win_rate(self.model, self.games, seed=10_000_000)
            self.rows.append((self.num_timesteps, round(time.process_time(), 1), rate))
            print(f"steps {self.num_timesteps:>8}  cpu {time.process_time():7.0f} s  win rate {rate:.3f}", flush=True)
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300_000, help="training steps (the learner's decisions)")
    parser.add_argument("--every", type=int, default=50_000, help="steps between two measurements")
    parser.add_argument("--eval", type=int, default=200, help="games per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--curve", help="a CSV file for the curve (steps, CPU seconds, win rate)")
    parser.add_argument("--save", help="a file to save the trained policy to")
    args = parser.parse_args()

    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    model = MaskablePPO("MlpPolicy", make_env(args.seed), seed=args.seed, n_steps=2048, batch_size=256,
                        learning_rate=3e-4, gamma=1.0, ent_coef=0.01, verbose=0)
    rows: list = [(0, round(time.process_time(), 1), win_rate(model, args.eval, seed=10_000_000))]
    print(f"steps {0:>8}  cpu {time.process_time():7.0f} s  win rate {rows[0][2]:.3f}", flush=True)
    model.learn(total_timesteps=args.steps, callback=Curve(args.every, args.eval, rows))
    if args.curve:
        with open(args.curve, "w", newline="") as f:
            csv.writer(f).writerows([("steps", "cpu_seconds", "win_rate"), *rows])
    if args.save:
        model.save(args.save)
    print(f"final win rate against the random bot: {rows[-1][2]:.3f} over {args.eval} games")


if __name__ == "__main__":
    main()
